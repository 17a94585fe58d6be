import { useState } from 'react';

/** A settings card's form, filled once from the saved preferences, and a setter for one of its fields. */
export function useFormFields<Form extends object>(fill: () => Form) {
  const [form, setForm] = useState<Form>(fill);
  function update<Key extends keyof Form>(key: Key, value: Form[Key]) {
    setForm((current) => ({ ...current, [key]: value }));
  }
  return { form, update };
}
