// Passkeys of the account: the list (name, added, last used), adding one through the browser once the
// password is confirmed, removing one.
import { KeyRound, Trash2 } from 'lucide-react';
import { formatDateTime, formatLongDate, type Passkey } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { useAddPasskey, useRemovePasskey } from './api';
import { PasswordStep } from './PasswordStep';
import { Section } from './Section';
import { accountTexts as t } from './texts';

export function PasskeysSection({ passkeys }: { passkeys: Passkey[] }) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  return (
    <Section id="passkeys-title" title={t.passkeysTitle} intro={t.passkeysIntro}>
      {passkeys.length === 0 ? (
        <p className="mb-4 text-sm text-slate-600">{t.passkeysEmpty}</p>
      ) : (
        <ul className="mb-4 flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200" aria-labelledby="passkeys-title">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="flex min-w-0 items-center gap-3">
                <KeyRound className="size-5 shrink-0 text-accent-700" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{passkey.name}</p>
                  <p className="text-xs text-slate-600">
                    {t.addedOn(formatLongDate(passkey.createdAt))}
                    {passkey.lastUsedAt && ` · ${t.lastUsed(formatDateTime(passkey.lastUsedAt))}`}
                  </p>
                </div>
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700"
                aria-label={t.removePasskeyLabel(passkey.name)}
                onPress={() => void remove.mutateAsync(passkey.id).catch(() => {})}
                isPending={remove.isPending && remove.variables === passkey.id}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {t.removePasskey}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PasswordStep
        action={t.addPasskey}
        hint={t.addPasskeyHint}
        onConfirm={(password) => add.mutateAsync(password)}
        isPending={add.isPending}
        variant="outline"
        icon={<KeyRound className="size-4" aria-hidden="true" />}
      />
    </Section>
  );
}
