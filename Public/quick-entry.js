// Quick entry (issue 18), progressive enhancement only: the page works without it.
// 1. The confirmation card saves itself after a cancellable 3-second countdown when the
//    household turned that on in Settings and every draft is confident (data-quick-countdown).
//    Any change, focus or the Stop button stops it for good.
// 2. A mic button fills the quick-entry box where the browser has the Web Speech API.
(function () {
  "use strict";

  function startCountdown(form) {
    var seconds = parseInt(form.getAttribute("data-quick-countdown"), 10);
    var status = form.querySelector("[data-quick-status]");
    var stop = form.querySelector("[data-quick-stop]");
    if (!seconds || !status || !stop) return;
    var template = status.getAttribute("data-template") || "{seconds}";
    var timer = null;
    function show() { status.textContent = template.replace("{seconds}", String(seconds)); }
    function cancel() {
      if (timer === null) return;
      window.clearInterval(timer);
      timer = null;
      status.hidden = true;
      stop.hidden = true;
    }
    status.hidden = false;
    stop.hidden = false;
    show();
    timer = window.setInterval(function () {
      seconds -= 1;
      if (seconds <= 0) {
        window.clearInterval(timer);
        timer = null;
        if (typeof form.requestSubmit === "function") { form.requestSubmit(); } else { form.submit(); }
        return;
      }
      show();
    }, 1000);
    stop.addEventListener("click", cancel);
    form.addEventListener("input", cancel);
    form.addEventListener("change", cancel);
    form.addEventListener("focusin", function (event) { if (event.target !== stop) cancel(); });
    document.addEventListener("keydown", function (event) { if (event.key === "Escape") cancel(); });
  }

  function enableMic(box) {
    var Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
    var mic = box.querySelector("[data-quick-mic]");
    var input = box.querySelector("[data-quick-text]");
    if (!Recognition || !mic || !input) return;
    mic.hidden = false;
    mic.addEventListener("click", function () {
      var recognition = new Recognition();
      recognition.lang = document.documentElement.lang === "ru" ? "ru-RU" : "en-US";
      recognition.interimResults = false;
      recognition.maxAlternatives = 1;
      mic.setAttribute("aria-pressed", "true");
      recognition.onresult = function (event) {
        var heard = event.results[0][0].transcript;
        input.value = input.value ? input.value + " " + heard : heard;
        input.focus();
      };
      recognition.onend = function () { mic.setAttribute("aria-pressed", "false"); };
      recognition.start();
    });
  }

  function init() {
    var card = document.querySelector("form[data-quick-countdown]");
    if (card) startCountdown(card);
    var boxes = document.querySelectorAll("form[data-quick-box]");
    for (var i = 0; i < boxes.length; i++) enableMic(boxes[i]);
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
