import { Link } from '../../lib/router';
import { useSendVerification } from '../../features/auth/api/send-verification';
import { EmailLinkForm } from '../../features/auth/components/email-link-form';
import { TelegramSignIn } from '../../features/auth/components/telegram-sign-in';
import { Rich } from '../../i18n/rich';
import { useT } from '../../i18n/translator';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** Registration, step 1: the address gets a link that opens step 2 with `?email=&token=`. */
export function EmailVerificationRoute() {
  const t = useT();
  const send = useSendVerification();
  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <span className="step">{t('auth.verifyStep')}</span>
        <h1>{t('auth.verifyTitle')}</h1>
        <EmailLinkForm
          send={send}
          lead={t('auth.verifyLead')}
          submitLabel={t('auth.sendLink')}
          sentMessage={(email) => t('auth.sent', { email })}
          againLabel={t('auth.sendAgain')}
        />
        <TelegramSignIn label={t('telegram.register')} to="/page/1" lead={t('telegram.registerLead')} />
        <p className="form-foot">
          <Rich text={t('auth.haveAccount')} tags={[<Link to="/auth/login" />]} />
        </p>
      </div>
    </div>
  );
}

export const page: Page = {
  Component: EmailVerificationRoute,
  head: privateHead((t) => t('auth.verifyTitle')),
};
