// 'Nueva versión disponible' with an 'Actualizar' button: plain DOM, outside React's root (it must not
// disturb hydration, and it keeps the public pages' first load light).
import { updateTexts as offlineTexts } from './update-texts';

const promptId = 'update-prompt';

export function showUpdatePrompt(onUpdate: () => Promise<void>): void {
  if (document.getElementById(promptId)) return;
  const box = document.createElement('div');
  box.id = promptId;
  box.setAttribute('role', 'status');
  box.className =
    'fixed bottom-4 left-4 z-[60] flex max-w-[calc(100vw-2rem)] items-center gap-3 rounded-lg border border-navy-600 bg-navy-900 px-4 py-3 text-sm text-white shadow-lg';
  const text = document.createElement('span');
  text.textContent = offlineTexts.updateAvailable;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = offlineTexts.updateAction;
  button.className = 'rounded-md bg-accent-500 px-3 py-1.5 font-semibold text-navy-950 hover:bg-accent-400 disabled:opacity-60';
  button.addEventListener('click', () => {
    button.disabled = true;
    void onUpdate().finally(() => (button.disabled = false));
  });
  box.append(text, button);
  document.body.append(box);
}
