// The event catalogue: every event type the log may hold, by aggregate. Names are facts in the past tense.
export const eventTypes = {
  newsArticle: ['NewsArticleCreated', 'NewsArticleUpdated', 'NewsArticlePublished', 'NewsArticleDeleted'],
  service: ['ServiceCreated', 'ServiceUpdated', 'ServiceDeleted'],
  feedSource: ['FeedSourceCreated', 'FeedSourceUpdated', 'FeedSourceDeleted', 'FeedSourceImported'],
  contactMessage: ['ContactMessageReceived', 'ContactStatusChanged', 'ContactNoteAdded', 'ContactMessageErased'],
  advanceForm: ['AdvanceFormSubmitted', 'AdvanceFormErased'],
  user: [
    'UserRegistered', 'UserRoleChanged', 'UserPasswordChanged', 'UserDisabled', 'UserEnabled', 'UserLoggedIn', 'UserLoggedOut',
    'UserTotpEnabled', 'UserTotpDisabled', 'UserRecoveryCodeUsed', 'UserPasskeyRegistered', 'UserPasskeyRemoved', 'UserNoticeEmailChanged',
  ],
  signIn: ['UserSignedIn', 'UserSignedInFromNewDevice', 'UserSignInFailed', 'UserSessionEnded'],
  securitySettings: ['SecuritySettingsChanged'],
} as const;

export const allEventTypes: readonly string[] = Object.values(eventTypes).flat();

/** Event data fields that must never leave the server (history, exports). */
export const secretFields = new Set(['passwordHash', 'requestHash', 'totpSecret', 'recoveryCodeHashes', 'codeHash', 'publicKey']);

const aggregateByType = new Map<string, string>(Object.entries(eventTypes).flatMap(([aggregate, types]) => types.map((type) => [type, aggregate])));

/** The aggregate an event type belongs to ('advanceForm', 'newsArticle', ...). */
export const aggregateOf = (type: string): string | undefined => aggregateByType.get(type);
