// The advisor's answer streams into the page (issue 20), progressive enhancement only: without
// this script (or without fetch streams) the question form posts as usual (POST /advisor/ask, 303).
// The form's fields (CSRF and single-use token included) go to data-stream (/advisor/stream), which
// answers with server-sent events: "delta" {text} adds to the answer as it arrives, "reset" takes it
// back, "done" {location} opens the stored answer, "fallback" posts the form the plain way.
(function () {
  "use strict";

  function messageList(form) {
    var list = document.querySelector(".advisor-messages");
    if (list) return list;
    var chat = document.querySelector(".advisor-chat");
    if (!chat) return null;
    var empty = chat.querySelector(".advisor-empty");
    if (empty) empty.hidden = true;
    list = document.createElement("ol");
    list.className = "advisor-messages";
    list.setAttribute("aria-live", "polite");
    chat.appendChild(list);
    return list;
  }

  function bubble(list, role, label, text) {
    var item = document.createElement("li");
    item.className = "msg msg-" + role;
    var head = document.createElement("p");
    head.className = "msg-head";
    var who = document.createElement("span");
    who.className = "msg-who";
    who.textContent = label;
    head.appendChild(who);
    var body = document.createElement("p");
    body.className = "msg-text";
    body.textContent = text;
    item.appendChild(head);
    item.appendChild(body);
    list.appendChild(item);
    item.scrollIntoView({ block: "nearest" });
    return body;
  }

  function plainSubmit(form, submitter) {
    form.setAttribute("data-streaming", "off");
    if (submitter && submitter.name) {
      var hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = submitter.name;
      hidden.value = submitter.value;
      form.appendChild(hidden);
    }
    form.submit();
  }

  // Opens `location`; the same page (only the #fragment may differ) is reloaded, as assigning
  // it would only scroll.
  function open(location) {
    var target = new URL(location, window.location.href);
    var here = window.location;
    if (target.origin === here.origin && target.pathname === here.pathname && target.search === here.search) {
      if (target.hash) here.hash = target.hash;
      here.reload();
    } else {
      here.assign(target.href);
    }
  }

  function handle(event) {
    var form = event.target;
    var main = document.querySelector("form[data-stream]");
    if (!main || !main.getAttribute("data-stream") || form.getAttribute("data-streaming") === "off") return;
    if (form !== main && !form.classList.contains("advisor-quick")) return;
    var submitter = event.submitter || null;
    if (submitter && submitter.name === "checkup") return;
    if (!window.fetch || !window.TextDecoder || !window.ReadableStream) return;
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) { params.append(key, value); });
    if (submitter && submitter.name) params.set(submitter.name, submitter.value);
    var question = (params.get("q") || "").trim();
    if (!question) return;
    event.preventDefault();
    var list = messageList(form);
    var answer = null;
    if (list) {
      bubble(list, "user", main.getAttribute("data-label-user") || "", question);
      answer = bubble(list, "advisor", main.getAttribute("data-label-advisor") || "", "…");
      answer.parentNode.setAttribute("aria-busy", "true");
    }
    var text = "";
    var buffer = "";
    var finished = false;
    function dispatch(block) {
      var name = "message";
      var data = "";
      block.split("\n").forEach(function (line) {
        if (line.indexOf("event:") === 0) name = line.slice(6).trim();
        else if (line.indexOf("data:") === 0) data += line.slice(5).trim();
      });
      var payload = {};
      try { payload = data ? JSON.parse(data) : {}; } catch (e) { payload = {}; }
      if (name === "delta" && typeof payload.text === "string") {
        text += payload.text;
        if (answer) answer.textContent = text;
      } else if (name === "reset") {
        text = "";
        if (answer) answer.textContent = "…";
      } else if (name === "done" && typeof payload.location === "string" && payload.location.charAt(0) === "/") {
        finished = true;
        open(payload.location);
      } else if (name === "fallback") {
        finished = true;
        plainSubmit(form, submitter);
      }
    }
    window.fetch(main.getAttribute("data-stream"), {
      method: "POST", credentials: "same-origin", body: params,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept": "text/event-stream" }
    }).then(function (response) {
      if (!response.ok || !response.body) throw new Error("HTTP " + response.status);
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) {
            if (!finished) open(main.getAttribute("action").replace("/ask", "") + "#latest");
            return;
          }
          buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r/g, "");
          var end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            dispatch(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
          return pump();
        });
      }
      return pump();
    }).catch(function () {
      if (!finished) plainSubmit(form, submitter);
    });
  }

  document.addEventListener("submit", handle);
})();
