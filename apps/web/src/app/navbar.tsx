import { useEffect, useId, useRef, useState } from 'react';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { Link, NavLink, useLocation } from '../lib/router';
import { CloseIcon } from '../components/icons/close';
import { MenuIcon } from '../components/icons/menu';
import { PlusIcon } from '../components/icons/plus';
import { ShieldIcon } from '../components/icons/shield';
import { Avatar } from '../components/avatar';
import { useAuth } from '../features/auth/api/get-me';
import { logout } from '../features/auth/api/logout';
import { useT } from '../i18n/translator';
import { HeaderSearch } from './header-search';
import { LanguageMenu, LanguageSwitch } from './language-switch';

function Logo() {
  return (
    <Link to="/page/1" className="logo">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--accent-bg)" />
        <path
          d="M10 24V8h7a5 5 0 0 1 0 10h-3v6z"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__text">
        Portfolio <span className="logo__accent">Master</span>
      </span>
    </Link>
  );
}

export function Navbar() {
  const t = useT();
  const { isSignedIn, user } = useAuth();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const toggleButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
    };
  }, [open]);

  const links = (
    <>
      <NavLink to="/create" className="nav__link nav__link--cta">
        <PlusIcon />
        {t('nav.create')}
      </NavLink>
      {isSignedIn ? (
        <>
          <NavLink to="/following" className="nav__link">
            {t('nav.following')}
          </NavLink>
          <NavLink to="/saved" className="nav__link">
            {t('nav.saved')}
          </NavLink>
          {user?.isAdmin ? (
            <NavLink to="/admin" className="nav__link nav__link--admin" title={t('nav.moderation')}>
              <ShieldIcon />
              <span className="nav__label">{t('nav.moderation')}</span>
            </NavLink>
          ) : null}
          <NavLink to="/profile" end className="nav__link nav__profile">
            {user ? <Avatar user={user} size={28} decorative /> : null}
            {t('nav.profile')}
          </NavLink>
          <button type="button" className="nav__link nav__button" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </>
      ) : (
        <>
          <NavLink to="/auth/login" className="nav__link">
            {t('nav.login')}
          </NavLink>
          <NavLink to="/auth/register/emailverification" className="nav__link">
            {t('nav.register')}
          </NavLink>
        </>
      )}
    </>
  );

  return (
    <>
      <header className="navbar">
        <div className="container navbar__inner">
          <Logo />
          <HeaderSearch />
          <nav className="nav nav--wide" aria-label={t('nav.mainMenu')}>
            {links}
          </nav>
          <LanguageMenu className="language-menu--wide" />
          {isSignedIn ? <NotificationBell /> : null}
          <button
            type="button"
            ref={toggleButton}
            className="icon-button nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </header>
      {/* Outside the header: its backdrop-filter would otherwise become the drawer's containing block. */}
      <div className={`drawer${open ? ' is-open' : ''}`} aria-hidden={!open} onClick={() => setOpen(false)}>
        <nav
          id={menuId}
          className="drawer__panel"
          aria-label={t('nav.mainMenu')}
          onClick={(event) => event.stopPropagation()}
          inert={!open}
        >
          <div className="drawer__head">
            <Logo />
            <button
              ref={closeButton}
              type="button"
              className="icon-button"
              aria-label={t('nav.closeMenu')}
              onClick={() => setOpen(false)}
            >
              <CloseIcon />
            </button>
          </div>
          {links}
          <NavLink to="/people" className="nav__link">
            {t('directory.title')}
          </NavLink>
          <NavLink to="/about" className="nav__link">
            {t('nav.about')}
          </NavLink>
          <LanguageSwitch className="language-switch--drawer" />
        </nav>
      </div>
    </>
  );
}
