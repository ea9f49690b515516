// 'Exigir segundo factor a todo el personal': the admin's switch above the list of users.
import { Switch } from '../../../ui/Switch';
import { usersTexts as t } from '../texts';
import { useSaveSecuritySettings, useSecuritySettings } from './api';

export function SecuritySettingsCard() {
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  return (
    <section aria-labelledby="staff-security-title" className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="staff-security-title" className="mb-2 font-bold text-slate-900">
        {t.settingsTitle}
      </h3>
      <Switch
        isSelected={settings.data?.requireSecondFactor ?? false}
        isDisabled={!settings.data || save.isPending}
        onChange={(requireSecondFactor) => void save.mutateAsync({ requireSecondFactor }).catch(() => {})}
      >
        {t.requireSecondFactor}
      </Switch>
      <p className="mt-2 text-sm text-slate-600">{t.requireSecondFactorHint}</p>
    </section>
  );
}
