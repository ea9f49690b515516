// The rules of sign-in streams and of a user's second factors, given/when/then, without a database.
import { test } from 'uvu';
import { Conflict, NotFound, Unauthorized } from '../../domain';
import { securitySettings, signIn, user } from '../../events';
import { given } from '../helpers/given';

const registered = {
  type: 'UserRegistered' as const,
  data: { username: 'ana', role: 'colaborador' as const, passwordHash: 'x', createdAt: '2026-01-01T00:00:00Z' },
};
const totpOn = { type: 'UserTotpEnabled' as const, data: { totpSecret: 'S', recoveryCodeHashes: ['h1', 'h2'] } };
const place = { device: 'Chrome en Linux', address: '127.0.0.1' };
const signedIn = { type: 'UserSignedIn' as const, data: { userId: 'u', username: 'ana', method: 'password' as const, ...place } };

test('a recovery code is spent once', () =>
  given(user, registered, totpOn, { type: 'UserRecoveryCodeUsed', data: { codeHash: 'h1' } })
    .when({ type: 'UseRecoveryCode', codeHash: 'h1' })
    .thenThrows(Unauthorized));

test('an unspent recovery code is recorded by its hash only', () =>
  given(user, registered, totpOn)
    .when({ type: 'UseRecoveryCode', codeHash: 'h2' })
    .then([{ type: 'UserRecoveryCodeUsed', data: { codeHash: 'h2' } }]));

test('turning the app off forgets its recovery codes', () =>
  given(user, registered, totpOn, { type: 'UserTotpDisabled', data: {} }).when({ type: 'UseRecoveryCode', codeHash: 'h1' }).thenThrows(Unauthorized));

test('the app cannot be turned on twice', () =>
  given(user, registered, totpOn).when({ type: 'EnableTotp', totpSecret: 'T', recoveryCodeHashes: [] }).thenThrows(Conflict));

test('removing a passkey the account does not have is a 404', () =>
  given(user, registered).when({ type: 'RemovePasskey', credentialId: 'nope' }).thenThrows(NotFound));

test('a notice address set to the same value records nothing', () =>
  given(user, registered, { type: 'UserNoticeEmailChanged', data: { from: null, to: 'a@b.co' } })
    .when({ type: 'Change', noticeEmail: 'a@b.co' })
    .then([]));

test('a sign-in from a new device records the notice with the address to write to', () =>
  given(signIn)
    .when({
      type: 'RecordSignIn',
      userId: 'u',
      username: 'ana',
      method: 'totp',
      place,
      at: new Date('2026-01-01T12:00:00Z'),
      newDevice: { noticeEmail: 'a@b.co' },
    })
    .then([
      { type: 'UserSignedIn', data: { userId: 'u', username: 'ana', method: 'totp', ...place } },
      { type: 'UserSignedInFromNewDevice', data: { userId: 'u', username: 'ana', noticeEmail: 'a@b.co', ...place, at: '2026-01-01T12:00:00.000Z' } },
    ]));

test('a session ends once', () => {
  given(signIn, signedIn)
    .when({ type: 'End', reason: 'logout' })
    .then([{ type: 'UserSessionEnded', data: { userId: 'u', reason: 'logout' } }]);
  given(signIn, signedIn, { type: 'UserSessionEnded', data: { userId: 'u', reason: 'logout' } })
    .when({ type: 'End', reason: 'ended-by-admin' })
    .then([]);
});

test('a sign-in stream is never reused for another sign-in', () =>
  given(signIn, signedIn).when({ type: 'RecordFailure', username: 'ana', userId: 'u', reason: 'password', address: '1.2.3.4' }).thenThrows(Conflict));

test('setting the forced second factor to what it is records nothing', () => {
  given(securitySettings).when({ type: 'Set', requireSecondFactor: false }).then([]);
  given(securitySettings)
    .when({ type: 'Set', requireSecondFactor: true })
    .then([{ type: 'SecuritySettingsChanged', data: { requireSecondFactor: { from: false, to: true } } }]);
});

test.run();
