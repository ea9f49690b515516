// Sends one e-mail through the server in SMTP_URL (nodemailer). The password never crosses the
// network in clear: TLS is required (smtps:// or STARTTLS) unless the server is on this machine.
import { loadOnce } from '../load-once';
import { failureReason, isPermanent } from './reasons';

export type Mail = { to: string; subject: string; text: string; messageId: string };
export type Mailer = { send(mail: Mail): Promise<void> };

export class MailFailure extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
  }
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

export function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const options = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    requireTLS: !secure && !isLoopback(url.hostname),
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
  // Made on the first send, to keep the server's memory at rest low: nodemailer is some 17 MB.
  const transport = loadOnce(async () => (await import('nodemailer')).default.createTransport(options));
  return {
    async send(mail) {
      try {
        await (await transport()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, messageId: mail.messageId });
      } catch (error) {
        throw new MailFailure(failureReason(error), isPermanent(error));
      }
    },
  };
}
