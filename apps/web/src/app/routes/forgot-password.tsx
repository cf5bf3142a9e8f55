import { useForgotPassword } from '../../features/account/api/account';
import { EmailLinkForm } from '../../features/auth/components/email-link-form';
import { Link } from '../../lib/router';
import { useTexts } from '../../i18n/uz';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** "Parolni unutdingizmi?": the address gets a link to /auth/reset-password, if it has an account. */
export function ForgotPasswordRoute() {
  const uz = useTexts();
  const send = useForgotPassword();
  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{uz.account.forgotTitle}</h1>
        <EmailLinkForm
          send={send}
          lead={uz.account.forgotLead}
          submitLabel={uz.account.sendResetLink}
          sentMessage={uz.account.resetSent}
          againLabel={uz.account.otherAddress}
        />
        <p className="form-foot">
          <Link to="/auth/login">{uz.account.backToLogin}</Link>
        </p>
      </div>
    </div>
  );
}

export const page: Page = {
  Component: ForgotPasswordRoute,
  head: privateHead((uz) => uz.account.forgotTitle),
};
