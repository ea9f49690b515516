// The staff login (/admin and /admin/login): username and password, then the authenticator-app code
// when the account has one; or a passkey instead of both. Signed-in staff go straight to the dashboard.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { loginInput, type LoginInput } from '../../../../domain';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast';
import { FormTextField } from '../common/form-fields';
import { CenteredMessage } from '../common/states';
import { offlineTexts } from '../../../offline/texts';
import { useUnsentCount } from '../drafts/use-my-drafts';
import { useLogin, usePasskeyLogin, useSession } from '../session';
import { loginTexts as t, sessionTexts } from '../texts';

const dashboardPath = '/admin/dashboard';

export function LoginPage() {
  const { user, isLoading } = useSession();
  const [, navigate] = useLocation();
  const login = useLogin();
  const passkeyLogin = usePasskeyLogin();
  const [codeAsked, setCodeAsked] = useState(false);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { username: '', password: '', code: '' } });
  // Staff forms still on this device: they are sent once their author signs in here again.
  const unsent = useUnsentCount(null);

  useEffect(() => {
    if (user) navigate(dashboardPath, { replace: true });
  }, [user, navigate]);

  useEffect(() => {
    if (codeAsked) form.setFocus('code');
  }, [codeAsked, form]);

  const onSubmit = form.handleSubmit(({ code, ...credentials }) =>
    login.mutateAsync(code ? { ...credentials, code } : credentials).then(
      () => toast({ title: t.success }),
      (error) => {
        const body = error instanceof ApiError ? error.body : null;
        // The password was right and a code is wanted: ask for it, no failure to report yet.
        if (body?.mfa && !code) return setCodeAsked(true);
        if (body?.mfa) setCodeAsked(true);
        // Too many attempts (429), a wrong code or a passkey-only account say so in the server's words;
        // a wrong user or password gets the required text.
        const description =
          error instanceof ApiError && (error.status === 429 || body?.mfa || body?.passkey) ? (body?.message ?? t.failureDescription) : t.failureDescription;
        toast({ title: t.failureTitle, description, variant: 'destructive' });
      },
    ),
  );

  const signInWithPasskey = () =>
    passkeyLogin.mutateAsync().then(
      () => toast({ title: t.success }),
      (error) =>
        toast({
          title: t.failureTitle,
          description: error instanceof ApiError ? (error.serverMessage ?? t.passkeyFailed) : t.passkeyFailed,
          variant: 'destructive',
        }),
    );

  if (isLoading || user) return <CenteredMessage text={sessionTexts.checking} busy />;

  return (
    <main className="flex min-h-screen items-center justify-center bg-navy-950 px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-2xl sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-navy-900 text-accent-400">
            <ShieldCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">{t.title}</h1>
          <p className="text-sm text-slate-600">{t.subtitle}</p>
        </div>
        {unsent > 0 && (
          <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            {offlineTexts.unsentOnDevice(unsent)}
          </p>
        )}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormTextField control={form.control} name="username" label={t.username} autoComplete="username webauthn" isRequired />
          <FormTextField control={form.control} name="password" label={t.password} type="password" autoComplete="current-password" isRequired />
          {codeAsked && (
            <>
              <p role="status" className="rounded-md bg-accent-400/10 px-3 py-2 text-sm text-slate-800">
                {t.codeAsked}
              </p>
              <FormTextField control={form.control} name="code" label={t.code} description={t.codeHint} autoComplete="one-time-code" isRequired />
            </>
          )}
          <Button type="submit" size="lg" className="mt-2 w-full" isPending={login.isPending}>
            {login.isPending ? t.submitting : t.submit}
          </Button>
        </form>
        <div className="my-4 flex items-center gap-3 text-xs uppercase text-slate-500" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          {t.or}
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <Button variant="outline" size="lg" className="w-full" onPress={() => void signInWithPasskey()} isPending={passkeyLogin.isPending}>
          <KeyRound className="size-4" aria-hidden="true" />
          {t.passkey}
        </Button>
        <p className="mt-6 text-center text-sm">
          <Link href="/" className="text-accent-700 underline underline-offset-2 hover:text-accent-800">
            {t.backToSite}
          </Link>
        </p>
      </div>
    </main>
  );
}
