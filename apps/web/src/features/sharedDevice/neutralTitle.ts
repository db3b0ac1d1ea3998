/** A device setting: on a shared device the tab shows "Notes" instead of SAM's page titles. */
export const NEUTRAL_TITLE_KEY = 'sam-neutral-title';
export const NEUTRAL_TITLE = 'Notes';

export function neutralTitleChosen(store: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return store.getItem(NEUTRAL_TITLE_KEY) === '1';
  } catch {
    return false;
  }
}

export function chooseNeutralTitle(
  on: boolean,
  store: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
) {
  if (on) store.setItem(NEUTRAL_TITLE_KEY, '1');
  else store.removeItem(NEUTRAL_TITLE_KEY);
  window.dispatchEvent(new Event(NEUTRAL_TITLE_CHANGED));
}

export const NEUTRAL_TITLE_CHANGED = 'sam-neutral-title-changed';
