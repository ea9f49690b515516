// An admin's weekly summary by e-mail (docs/summary.md): on or off, sent to the notice address above.
import { Switch } from '../../../ui/Switch';
import { useSaveWeeklySummary } from './api';
import { Section } from './Section';
import { accountTexts as t } from './texts';

export function WeeklySummarySection({ on, noticeEmail }: { on: boolean; noticeEmail: string | null }) {
  const save = useSaveWeeklySummary();
  const needsEmail = !noticeEmail && !on;
  return (
    <Section id="weekly-summary-title" title={t.weeklyTitle} intro={t.weeklyIntro}>
      <div className="flex flex-col gap-2">
        <Switch isSelected={on} isDisabled={needsEmail || save.isPending} onChange={(value) => save.mutate(value)}>
          {t.weeklySwitch}
        </Switch>
        {needsEmail && <p className="text-sm text-slate-600">{t.weeklyNeedsEmail}</p>}
      </div>
    </Section>
  );
}
