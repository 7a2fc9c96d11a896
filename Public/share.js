// The celebration's Share button (Templates/challenge-celebration.mustache): shown only where the
// Web Share API exists; without it the text stays in the box to copy.
(function () {
  var button = document.getElementById('share-button');
  if (!button || !navigator.share) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    navigator.share({ text: button.getAttribute('data-share-text') || '' }).catch(function () {});
  });
})();
