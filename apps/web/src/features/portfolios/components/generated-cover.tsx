import { hueOf, initials } from '../../../components/avatar';

/** The cover of a portfolio without images: a gradient and the title's initials. */
export function GeneratedCover({ title, className }: { title: string; className?: string }) {
  const hue = hueOf(title);
  return (
    <div
      className={`generated-cover${className ? ` ${className}` : ''}`}
      style={{ ['--hue' as string]: hue, ['--hue2' as string]: (hue + 50) % 360 }}
      aria-hidden="true"
    >
      <span>{initials(title)}</span>
    </div>
  );
}
