import { memo } from 'react';
import { BelowTheFold } from '../../../components/below-the-fold';
import { commentsPart } from '../comments-part';

function Loaded({ linktitle }: { linktitle: string }) {
  const { PortfolioCommentSection } = commentsPart.read();
  return <PortfolioCommentSection linktitle={linktitle} />;
}

/**
 * The comment section of the portfolio at `linktitle`, its code fetched as the reader nears it. Memoized:
 * the page renders again once it knows its reader, and the section, not yet taken over, must not.
 */
export const PortfolioComments = memo(function PortfolioComments({ linktitle }: { linktitle: string }) {
  return (
    <BelowTheFold preload={commentsPart.preload}>
      <Loaded linktitle={linktitle} />
    </BelowTheFold>
  );
});
