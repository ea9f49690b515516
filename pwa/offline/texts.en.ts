// What the queue says in English when it sends forms later on an English page (sync.ts): a visitor
// who sent the form from /en/advance-form with no signal reads the outcome in English.
import type { QueueOutcomeTexts } from './texts';

export const queueOutcomeTextsEn: QueueOutcomeTexts = {
  sentFromQueueCount: (n) => (n === 1 ? '1 pending form was sent' : `${n} pending forms were sent`),
  sendFailed: 'A pending form could not be sent',
  sendFailedHint: 'It was not accepted. Open the advance form to see why and correct it.',
  sessionExpired: 'Your session has expired: sign in to send the pending forms',
};
