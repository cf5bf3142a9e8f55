import { Link } from '../lib/router';
import { FacebookIcon } from '../components/icons/facebook';
import { GithubIcon } from '../components/icons/github';
import { InstagramIcon } from '../components/icons/instagram';
import { MailIcon } from '../components/icons/mail';
import { PhoneIcon } from '../components/icons/phone';
import { TelegramIcon } from '../components/icons/telegram';
import { VkIcon } from '../components/icons/vk';
import { config } from '../lib/config';
import { useT } from '../i18n/translator';

const socials = [
  { name: 'VK', href: config.social.vk, Icon: VkIcon },
  { name: 'Instagram', href: config.social.instagram, Icon: InstagramIcon },
  { name: 'Facebook', href: config.social.facebook, Icon: FacebookIcon },
  { name: 'GitHub', href: config.social.github, Icon: GithubIcon },
  { name: 'Telegram', href: config.social.telegram, Icon: TelegramIcon },
];

export function Footer() {
  const t = useT();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer__heading">
            {t('footer.aboutTitle')}
          </h2>
          <p className="footer__blurb">{t('site.description')}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer__heading">
            {t('footer.contact')}
          </h2>
          <ul className="footer__list">
            <li>
              <a href={`mailto:${config.contactEmail}`}>
                <MailIcon />
                <span className="visually-hidden">{t('footer.email')}: </span>
                {config.contactEmail}
              </a>
            </li>
            <li>
              <a href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`}>
                <PhoneIcon />
                <span className="visually-hidden">{t('footer.phone')}: </span>
                {config.contactPhone}
              </a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-menu">
          <h2 id="footer-menu" className="footer__heading">
            {t('footer.menu')}
          </h2>
          <ul className="footer__list">
            <li>
              <Link to="/page/1">{t('nav.home')}</Link>
            </li>
            <li>
              <Link to="/people">{t('directory.title')}</Link>
            </li>
            <li>
              <Link to="/create">{t('nav.create')}</Link>
            </li>
            <li>
              <Link to="/auth/register">{t('nav.register')}</Link>
            </li>
            <li>
              <Link to="/about">{t('nav.about')}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer__heading">
            {t('footer.social')}
          </h2>
          <ul className="footer__social">
            {socials.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={name}
                  className="icon-button"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer__copyright">{t('site.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
