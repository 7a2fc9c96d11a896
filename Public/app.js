// FinMind: small progressive enhancements. Every page works without this file.
"use strict";

// Remember which collapsible sections (<details data-remember="id">) are open, per browser.
document.querySelectorAll("details[data-remember]").forEach((details) => {
  const key = "finmind.open." + details.dataset.remember;
  const stored = localStorage.getItem(key);
  if (stored !== null) details.open = stored === "1";
  details.addEventListener("toggle", () => localStorage.setItem(key, details.open ? "1" : "0"));
});

// Live character counters: <textarea|input maxlength data-counter="id-of-output">.
document.querySelectorAll("[data-counter]").forEach((field) => {
  const output = document.getElementById(field.dataset.counter);
  if (!output) return;
  const update = () => { output.textContent = field.value.length + "/" + field.maxLength; };
  field.addEventListener("input", update);
  update();
});
