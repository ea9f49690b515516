// The authenticator app: set-up (the password, then the QR code and the key as text, then a first code),
// the ten recovery codes shown once, and turning it off with the password.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { totpConfirmInput, type AccountSecurity } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { FormTextField, saveThenClose } from '../common/form-fields';
import { useConfirmTotp, useDisableTotp, useStartTotp, type TotpSetup } from './api';
import { PasswordStep } from './PasswordStep';
import { Section } from './Section';
import { accountTexts as t } from './texts';

export function TotpSection({ security }: { security: AccountSecurity }) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useStartTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const status = <Badge variant={security.totpEnabled ? 'success' : 'default'}>{security.totpEnabled ? t.totpOn : t.totpOff}</Badge>;

  let content;
  if (recoveryCodes) content = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (setup)
    content = (
      <ConfirmSetup
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  else if (security.totpEnabled) content = <DisableTotp recoveryCodesLeft={security.recoveryCodesLeft} />;
  else {
    content = (
      <PasswordStep action={t.setUpTotp} hint={t.setUpHint} onConfirm={(password) => start.mutateAsync(password).then(setSetup)} isPending={start.isPending} />
    );
  }
  return (
    <Section id="totp-title" title={t.totpTitle} intro={t.totpIntro} status={status}>
      {content}
    </Section>
  );
}

function ConfirmSetup({ setup, onCancel, onConfirmed }: { setup: TotpSetup; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const form = useForm({ resolver: zodResolver(totpConfirmInput), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(
    saveThenClose(
      ({ code }) => confirm.mutateAsync(code).then(({ recoveryCodes }) => onConfirmed(recoveryCodes)),
      () => {},
      form.setError,
    ),
  );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <img
        src={setup.qr}
        alt={t.qrAlt}
        width={200}
        height={200}
        className="size-48 shrink-0 self-center rounded border border-slate-200 bg-white sm:self-start"
      />
      <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-1 flex-col gap-4">
        <p className="text-sm text-slate-700">{t.scanHint}</p>
        <p className="text-sm">
          <span className="font-medium text-slate-800">{t.secretLabel}: </span>
          <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900">
            {setup.secret}
          </code>
        </p>
        <FormTextField control={form.control} name="code" label={t.code} autoComplete="one-time-code" inputMode="numeric" isRequired />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isPending={confirm.isPending}>
            {t.activate}
          </Button>
          <Button variant="outline" onPress={onCancel}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div role="region" aria-labelledby="recovery-title" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id="recovery-title" className="font-bold text-slate-900">
        {t.recoveryTitle}
      </h3>
      <p className="text-sm text-slate-700">{t.recoveryHint}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button className="self-start" onPress={onDone}>
        {t.recoverySaved}
      </Button>
    </div>
  );
}

function DisableTotp({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const disable = useDisableTotp();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{t.recoveryLeft(recoveryCodesLeft)}</p>
      <PasswordStep
        action={t.disableTotp}
        hint={t.disableHint}
        onConfirm={(password) => disable.mutateAsync(password)}
        isPending={disable.isPending}
        variant="destructive"
      />
    </div>
  );
}
