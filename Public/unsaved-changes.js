// FinMind: warns before leaving a form with changes that are not saved yet.
// Forms that opt in carry data-warn-unsaved; a <p class="unsaved-note" hidden> inside
// is shown while the form differs from what the page loaded with. A refused form that
// came back with the typed values (data-unsaved-on-load) counts as unsaved until sent.
// Pages work without it.
"use strict";

(() => {
  const forms = Array.from(document.querySelectorAll("form[data-warn-unsaved]"));
  if (forms.length === 0) return;

  // What the user can change in a form: every field but the hidden tokens, files by name.
  const snapshot = (form) => JSON.stringify(Array.from(new FormData(form))
    .filter(([name]) => !name.startsWith("_"))
    .map(([name, value]) => [name, typeof value === "string" ? value : value.name]));

  const loaded = new Map(forms.map((form) => [form, form.hasAttribute("data-unsaved-on-load") ? null : snapshot(form)]));
  const isDirty = (form) => snapshot(form) !== loaded.get(form);
  let submitting = null;

  forms.forEach((form) => {
    const note = form.querySelector(".unsaved-note");
    const update = () => { if (note) note.hidden = !isDirty(form); };
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    form.addEventListener("submit", () => { submitting = form; });
  });
  // A form posting without this script's knowledge (another form on the page) still counts.
  document.addEventListener("submit", (event) => { submitting = event.target; }, true);

  window.addEventListener("beforeunload", (event) => {
    const unsaved = forms.filter((form) => form !== submitting && isDirty(form));
    submitting = null;
    if (unsaved.length === 0) return;
    event.preventDefault();
    event.returnValue = "";
  });
})();
