import { useState } from 'react';

/**
 * Spec §4: the selection starts from the saved preferences and is re-initialised whenever they load;
 * any toggle marks it dirty until a save succeeds.
 */
export function useLibrarySelection(saved: string[] | undefined) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(saved));
  const [dirty, setDirty] = useState(false);
  const [loaded, setLoaded] = useState(saved);

  if (saved !== loaded) {
    setLoaded(saved);
    setSelected(new Set(saved));
    setDirty(false);
  }

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    setDirty(true);
  }

  return { selected, dirty, toggle, markSaved: () => setDirty(false) };
}
