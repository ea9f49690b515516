export { smtpMailer } from './mailer';
export { notificationsProcessor } from './processor';
export { noticeStates, withNotices, type NoticeStates } from './state';
