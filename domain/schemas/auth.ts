import { z } from 'zod';
import { userRoles, type UserRole } from '../enums';

export const loginInput = z.object({
  username: z.string({ error: 'El usuario es requerido' }).trim().min(1, { error: 'El usuario es requerido' }).max(100),
  password: z.string({ error: 'La contraseña es requerida' }).min(1, { error: 'La contraseña es requerida' }).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

const password = z
  .string({ error: 'La contraseña es requerida' })
  .min(10, { error: 'La contraseña debe tener al menos 10 caracteres' })
  .max(200, { error: 'Máximo 200 caracteres' });

export const userCreateInput = z.object({
  username: z
    .string({ error: 'El usuario es requerido' })
    .trim()
    .min(3, { error: 'El usuario debe tener al menos 3 caracteres' })
    .max(50, { error: 'Máximo 50 caracteres' })
    .regex(/^[a-zA-Z0-9._-]+$/, { error: 'Use solo letras, números, puntos, guiones y guiones bajos' }),
  password,
  role: z.enum(userRoles, { error: 'Rol inválido' }).default('colaborador'),
});
export type UserCreateInput = z.infer<typeof userCreateInput>;

export const userPatchInput = z.object({
  role: z.enum(userRoles, { error: 'Rol inválido' }).optional(),
  password: password.optional(),
  disabled: z.boolean().optional(),
});
export type UserPatchInput = z.infer<typeof userPatchInput>;

/** What the API says of a user: never the password hash. */
export type User = { id: string; username: string; role: UserRole; disabled: boolean; createdAt: string };
export type SessionUser = { id: string; username: string; role: UserRole };
