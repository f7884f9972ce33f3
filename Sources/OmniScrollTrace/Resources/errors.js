// Runs first, so even a syntax error in a later script is caught: every
// error and `console.error` is kept in `window.traceErrors` (the browser
// tests read them). Shared by the trace page and the playground.
window.traceErrors = [];
window.addEventListener("error", function (e) { window.traceErrors.push(String(e.message)); });
(function () {
  var original = console.error;
  console.error = function () {
    window.traceErrors.push(Array.prototype.map.call(arguments, String).join(" "));
    original.apply(console, arguments);
  };
})();
