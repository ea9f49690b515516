// Staff passwords: at least 12 characters (the shared schema) and not a common or easily guessed one.
import { BadRequest } from '../../domain';
import { loadOnce } from '../load-once';

/** Built on the first password checked, to keep the server's memory at rest low: the word lists are some 20 MB. */
const zxcvbn = loadOnce(async () => {
  const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
  return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
});

/**
 * Refuses a password found in the common-password lists, or one built from them (keyboard walks,
 * dates, repeats) so that it would fall to an offline guess quickly: zxcvbn's score below 3.
 * `related` are words an attacker would try first (the username, the business name).
 */
export async function assertStrongPassword(password: string, related: string[], field = 'password') {
  const result = await (await zxcvbn()).check(password, related.filter(Boolean));
  if (result.score < 3) {
    throw new BadRequest('Revise los campos marcados', {
      [field]: 'Esa contraseña es demasiado común o fácil de adivinar. Use una frase larga que no esté en listas conocidas.',
    });
  }
}
