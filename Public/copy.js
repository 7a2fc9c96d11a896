// Copy buttons (the calendar feed's address, Templates/settings-feeds.mustache): shown only where
// the Clipboard API exists (a secure context); without it the address stays selectable in its
// read-only box.
(function () {
  if (!navigator.clipboard) return;
  Array.prototype.forEach.call(document.querySelectorAll('button[data-copy]'), function (button) {
    var input = document.getElementById(button.getAttribute('data-copy'));
    if (!input) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      input.select();
      navigator.clipboard.writeText(input.value).then(function () {
        button.textContent = button.getAttribute('data-copied') || button.textContent;
      }).catch(function () {});
    });
  });
})();
