export { smtpMailer, isLoopback, type Mailer } from './mailer';
export { notificationsProcessor } from './processor';
export { notices, noticeFor, type Notice } from './notices';
export { noticeStates, withNotices, type NoticeStates } from './state';
