// /api/users: staff accounts, managed by admins only. No answer ever carries a password hash.
import { randomUUID } from 'node:crypto';
import { apiRouter } from './router';
import { BadRequest, NotFound, userCreateInput, userPatchInput } from '../../domain';
import { user } from '../../events';
import { anActiveAdminRemains } from '../../projections';
import { answerList, idParam, parseBody, runCommand, type AppServices } from '../context';
import { hashPassword } from '../passwords';
import { requireAdmin } from '../auth/access';
import { assertStrongPassword } from '../auth/password-policy';
import { endSessions } from '../auth/sessions';

const notFound = () => new NotFound('Usuario no encontrado');
const ownAccountTexts = {
  password: 'Cambie su propia contraseña en Seguridad de la cuenta: allí se pide la actual',
  noticeEmail: 'Cambie su propio correo de avisos en Seguridad de la cuenta: allí se pide la contraseña actual',
  removeSecondFactors: 'Quite su propia aplicación o sus llaves de acceso en Seguridad de la cuenta: allí se pide la contraseña actual',
};

export function userRoutes(services: AppServices) {
  const router = apiRouter('/api/users');
  const users = services.read.users;
  router.use(requireAdmin);

  router.get('/', (ctx) => answerList(ctx, users.page));

  router.post('/', async (ctx) => {
    const input = await parseBody(ctx, userCreateInput);
    await assertStrongPassword(input.password, [input.username, services.config.siteName]);
    const id = randomUUID();
    await runCommand(
      services,
      ctx,
      user,
      id,
      { type: 'Register', username: input.username, role: input.role, passwordHash: await hashPassword(input.password), at: new Date() },
      { newStream: true },
    );
    ctx.status = 201;
    ctx.body = await users.byId(id);
  });

  router.patch('/:id', async (ctx) => {
    const id = idParam(ctx, notFound);
    const input = await parseBody(ctx, userPatchInput);
    const target = await users.byId(id);
    if (!target) throw notFound();
    // One's own password and notice address change in 'Seguridad de la cuenta', which asks for the
    // current password: here an admin's session alone (a copied cookie) could take the account over,
    // or send its security notices elsewhere.
    if (id === ctx.state.user.id && (input.password !== undefined || input.noticeEmail !== undefined || input.removeSecondFactors)) {
      const errors: Record<string, string> = {};
      if (input.password !== undefined) errors.password = ownAccountTexts.password;
      if (input.noticeEmail !== undefined) errors.noticeEmail = ownAccountTexts.noticeEmail;
      if (input.removeSecondFactors) errors.removeSecondFactors = ownAccountTexts.removeSecondFactors;
      throw new BadRequest(Object.values(errors)[0], errors);
    }
    if (input.password) await assertStrongPassword(input.password, [target.username, services.config.siteName]);
    const mayRemoveAnAdmin = input.disabled === true || (input.role !== undefined && input.role !== 'admin');
    await runCommand(
      services,
      ctx,
      user,
      id,
      {
        type: 'Change',
        role: input.role,
        disabled: input.disabled,
        passwordHash: input.password ? await hashPassword(input.password) : undefined,
        // Set by someone else, the password is only for the next sign-in: the user then chooses their own.
        mustChangePassword: Boolean(input.password),
        noticeEmail: input.noticeEmail,
        removeSecondFactors: input.removeSecondFactors,
      },
      { check: mayRemoveAnAdmin ? anActiveAdminRemains : undefined },
    );
    // A lost phone or key may still hold a session: taking the factors away ends them too.
    if (input.disabled || input.password || input.removeSecondFactors) {
      await endSessions(services, ctx, { userId: id }, input.disabled ? 'disabled' : input.password ? 'password-changed' : 'ended-by-admin');
    }
    ctx.body = await users.byId(id);
  });

  return router;
}
