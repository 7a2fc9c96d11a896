// FinMind: small progressive enhancements. Every page works without this file.
"use strict";

// Remember which collapsible sections (<details data-remember="id">) are open, per browser.
// On a phone, from the second visit on, a section the person never opened or closed starts
// closed (its summary still shows its total), unless the address points into it or it holds
// an error. Only the person's own toggles are remembered.
(() => {
  const sections = document.querySelectorAll("details[data-remember]");
  if (!sections.length) return;
  const phone = window.matchMedia("(max-width: 40rem)").matches;
  const visitedKey = "finmind.visited." + location.pathname;
  const returning = localStorage.getItem(visitedKey) === "1";
  localStorage.setItem(visitedKey, "1");
  const targetOf = () => (location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null);
  const target = targetOf();
  // A link to a section on this page opens it.
  window.addEventListener("hashchange", () => {
    const section = targetOf();
    const details = section && section.closest("details[data-remember]");
    if (details) details.open = true;
  });
  sections.forEach((details) => {
    const key = "finmind.open." + details.dataset.remember;
    const stored = localStorage.getItem(key);
    const keepOpen = (target && details.contains(target)) || details.querySelector(".error, [aria-invalid='true']");
    let wanted = stored === null ? details.open : stored === "1";
    if (stored === null && phone && returning && details.classList.contains("section")) wanted = false;
    if (keepOpen) wanted = true;
    details.open = wanted;
    // Toggle events also come for the open attribute as parsed and for the line above:
    // only a change from the state known here is the person's.
    let known = wanted;
    details.addEventListener("toggle", () => {
      if (details.open === known) return;
      known = details.open;
      localStorage.setItem(key, known ? "1" : "0");
    });
  });
})();

// Live character counters: <textarea|input maxlength data-counter="id-of-output">.
document.querySelectorAll("[data-counter]").forEach((field) => {
  const output = document.getElementById(field.dataset.counter);
  if (!output) return;
  const update = () => { output.textContent = field.value.length + "/" + field.maxLength; };
  field.addEventListener("input", update);
  update();
});

// The ledger (/transactions): "All entries on this page" ticks or unticks every row, and
// unticking a row unticks it (without this file the server takes "all" as every row shown).
(() => {
  const all = document.getElementById("tx-all");
  if (!all) return;
  const rows = Array.from(document.querySelectorAll("#tx-bulk input[name='id']"));
  all.addEventListener("change", () => rows.forEach((box) => { box.checked = all.checked; }));
  rows.forEach((box) => box.addEventListener("change", () => { if (!box.checked) all.checked = false; }));
})();
