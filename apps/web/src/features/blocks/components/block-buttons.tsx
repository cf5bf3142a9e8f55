import type { User } from '@portfolio-master/contract';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/translator';
import { useAuth } from '../../auth/api/get-me';
import { useMyBlocks, useSetBlock } from '../api/blocks';

/**
 * "Bloklash" (after a confirmation) and "Ovozsiz qilish" on someone else's profile, each undone by the same
 * button; shown to a signed-in person only. Whether they are on is read from my own list.
 */
export function BlockButtons({ user }: { user: User }) {
  const t = useT();
  const { isSignedIn, user: me } = useAuth();
  const list = useMyBlocks();
  const block = useSetBlock(user, 'block');
  const mute = useSetBlock(user, 'mute');
  const [confirming, setConfirming] = useState(false);
  if (!isSignedIn || me?._id === user._id || !list.data) return null;
  const blocked = list.data.blocked.some((person) => person.user._id === user._id);
  const muted = list.data.muted.some((person) => person.user._id === user._id);
  const failed = block.error ?? mute.error;
  return (
    <div className="block-buttons">
      <button
        type="button"
        className="button button--ghost"
        aria-pressed={muted}
        disabled={mute.isPending}
        onClick={() => mute.mutate(!muted)}
      >
        {muted ? t('blocks.unmute') : t('blocks.mute')}
      </button>
      <button
        type="button"
        className="button button--ghost"
        aria-pressed={blocked}
        disabled={block.isPending}
        onClick={() => (blocked ? block.mutate(false) : setConfirming(true))}
      >
        {blocked ? t('blocks.unblock') : t('blocks.block')}
      </button>
      {failed ? (
        <p className="field__error" role="alert">
          {errorMessage(t, failed)}
        </p>
      ) : null}
      <Dialog
        message={confirming ? t('blocks.confirm', { username: user.username }) : null}
        onClose={() => setConfirming(false)}
        onCancel={() => setConfirming(false)}
        onOk={() => block.mutate(true, { onSettled: () => setConfirming(false) })}
        okLabel={t('blocks.block')}
        loading={block.isPending}
        danger
      />
    </div>
  );
}
