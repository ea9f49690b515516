// What the account-security tests share: a staff user of their own, the login form, and the code an
// authenticator app would show for a secret.
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, unique } from '../fixtures';
import { createUser } from './seed';
import { field } from './helpers';

const staffPassword = 'frase-de-prueba-del-personal';

export async function newStaffUser(api: APIRequestContext, prefix: string) {
  const username = unique(prefix).replace(/\s/g, '.');
  await createUser(api, username, staffPassword, 'colaborador');
  return username;
}

export async function fillLogin(page: Page, username: string, password = staffPassword) {
  await page.goto('/admin/login');
  await field(page, 'Usuario').fill(username);
  await field(page, 'Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** The code `steps` periods from now (each code works once: tests use a new step for each sign-in). */
export const totpCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * Confirms an action of 'Seguridad de la cuenta' that asks for the current password first (an
 * authenticator app set up, a passkey added): opens it, types the password, sends it.
 */
export async function confirmWithPassword(page: Page, action: string, password = staffPassword) {
  await page.getByRole('button', { name: action }).click();
  const step = page.getByRole('form', { name: action });
  await expect(step.getByLabel('Contraseña')).toBeFocused();
  await step.getByLabel('Contraseña').fill(password);
  await step.getByRole('button', { name: action }).click();
}

/** Sets up the authenticator app from 'Seguridad de la cuenta' (the page is signed in); answers the secret. */
export async function setUpAuthenticatorApp(page: Page, password = staffPassword): Promise<string> {
  await confirmWithPassword(page, 'Configurar aplicación de autenticación', password);
  const qr = page.getByRole('img', { name: 'Código QR para agregar esta cuenta a su aplicación de autenticación' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  // The browser drew it: the CSP let the image through.
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Activar' }).click();
  const codes = page.getByRole('region', { name: 'Códigos de recuperación' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(page.getByText('Activa', { exact: true })).toBeVisible();
  return secret;
}
