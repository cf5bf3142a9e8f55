import { useForgotPassword } from '../../features/account/api/account';
import { EmailLinkForm } from '../../features/auth/components/email-link-form';
import { Link } from '../../lib/router';
import { useT } from '../../i18n/translator';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** "Parolni unutdingizmi?": the address gets a link to /auth/reset-password, if it has an account. */
export function ForgotPasswordRoute() {
  const t = useT();
  const send = useForgotPassword();
  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{t('account.forgotTitle')}</h1>
        <EmailLinkForm
          send={send}
          lead={t('account.forgotLead')}
          submitLabel={t('account.sendResetLink')}
          sentMessage={(email) => t('account.resetSent', { email })}
          againLabel={t('account.otherAddress')}
        />
        <p className="form-foot">
          <Link to="/auth/login">{t('account.backToLogin')}</Link>
        </p>
      </div>
    </div>
  );
}

export const page: Page = {
  Component: ForgotPasswordRoute,
  head: privateHead((t) => t('account.forgotTitle')),
};
