import type { AuthorRef } from '@portfolio-master/contract';
import { fullName, hueOf, initials } from '@portfolio-master/contract/display';
import { imageUrl } from '../lib/image-url';
import { useT } from '../i18n/translator';
import { ShieldIcon } from './icons/shield';

type Person = Pick<AuthorRef, 'username' | 'firstname' | 'lastname' | 'image'>;

export { fullName, hueOf, initials };

/** A round avatar of `size` CSS pixels from the server's 64 or 128 px versions, or initials. */
export function Avatar({
  user,
  size,
  decorative = false,
}: {
  user: Person;
  size: number;
  decorative?: boolean;
}) {
  const t = useT();
  const name = fullName(user);
  const alt = decorative ? '' : t('user.avatarAlt', { name });
  if (user.image) {
    const small = size <= 32 ? 64 : 128;
    return (
      <img
        className="avatar"
        src={imageUrl(user.image, small)}
        srcSet={
          size <= 50
            ? `${imageUrl(user.image, 64)} 1x, ${imageUrl(user.image, 128)} 2x`
            : `${imageUrl(user.image, 128)} 1x, ${imageUrl(user.image, 256)} 2x`
        }
        width={size}
        height={size}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      className="avatar avatar--initials"
      style={{ width: size, height: size, fontSize: size * 0.4, ['--hue' as string]: hueOf(user.username) }}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : alt}
      aria-hidden={decorative ? true : undefined}
    >
      {initials(name)}
    </span>
  );
}

/** The mark next to an admin's name. */
export function AdminBadge() {
  const t = useT();
  return (
    <span className="admin-badge">
      <ShieldIcon title={t('user.isAdmin')} />
    </span>
  );
}
