import type { AuthorRef } from '@portfolio-master/contract';
import { Avatar, hueOf, initials } from '../../../components/avatar';

/**
 * The cover of a portfolio without images: a gradient with the author's avatar (100 px), or the title's
 * initials where no author is at hand.
 */
export function GeneratedCover({
  title,
  author,
  className,
}: {
  title: string;
  author?: Pick<AuthorRef, 'username' | 'firstname' | 'lastname' | 'image'>;
  className?: string;
}) {
  const hue = hueOf(title);
  return (
    <div
      className={`generated-cover${className ? ` ${className}` : ''}`}
      style={{ ['--hue' as string]: hue, ['--hue2' as string]: (hue + 50) % 360 }}
      aria-hidden="true"
    >
      {author ? <Avatar user={author} size={100} decorative /> : <span>{initials(title)}</span>}
    </div>
  );
}
