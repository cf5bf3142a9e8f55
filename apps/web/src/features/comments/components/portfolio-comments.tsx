import { memo, useEffect } from 'react';
import { BelowTheFold } from '../../../components/below-the-fold';
import { useToken } from '../../../lib/auth-token';
import { commentsPart } from '../comments-part';

function Loaded({ linktitle }: { linktitle: string }) {
  const { PortfolioCommentSection } = commentsPart.read();
  return <PortfolioCommentSection linktitle={linktitle} />;
}

/**
 * A signed-in reader gets the section's code at once: the server's HTML of it is what everyone sees (no
 * comment form), so it is taken over as soon as the page knows who reads it, not when it is reached. A
 * component of its own, so that the session reaching it does not render the section again.
 */
function LoadWhenSignedIn() {
  const token = useToken();
  useEffect(() => {
    if (token !== null) void commentsPart.preload().catch(() => undefined);
  }, [token]);
  return null;
}

/**
 * The comment section of the portfolio at `linktitle`, its code fetched as the reader nears it. Memoized:
 * the page renders again once it knows its reader, and the section, not yet taken over, must not.
 */
export const PortfolioComments = memo(function PortfolioComments({ linktitle }: { linktitle: string }) {
  return (
    <>
      <LoadWhenSignedIn />
      <BelowTheFold preload={commentsPart.preload}>
        <Loaded linktitle={linktitle} />
      </BelowTheFold>
    </>
  );
});
