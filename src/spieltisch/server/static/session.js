// The signed-in player, and the CSRF token every change this page makes carries.
// A page of this site may read the session's token (GET /api/account); another site may
// not, so the server refuses a change that lacks it (server/csrf.py). Loaded first on
// every page: it wraps fetch so that the other scripts need not know about it.
"use strict";
window.spieltischSession = (function () {
  const plain = window.fetch.bind(window);
  let account = null;  // a promise of GET /api/account's body

  function load() {
    if (!account) {
      account = plain("/api/account", {credentials: "same-origin"})
        .then((r) => (r.ok ? r.json() : {account: null, csrf: null}))
        .catch(() => ({account: null, csrf: null}));
    }
    return account;
  }

  window.fetch = async function (input, init) {
    const request = input instanceof Request ? input : null;
    const method = ((init && init.method) || (request ? request.method : "GET")).toUpperCase();
    const url = new URL(request ? request.url : String(input), location.href);
    if (url.origin === location.origin && !["GET", "HEAD", "OPTIONS"].includes(method)) {
      const {csrf} = await load();
      if (csrf) {
        init = Object.assign({}, init);
        const headers = new Headers(init.headers || (request ? request.headers : undefined));
        headers.set("X-CSRF-Token", csrf);
        init.headers = headers;
      }
    }
    return plain(input, init);
  };

  function showName() {
    const el = document.getElementById("account-name");
    if (!el) return;
    load().then((body) => { el.textContent = body.account ? body.account.name : ""; });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showName);
  else showName();

  return {
    account: () => load(),
    // after signing in or out the session (and its token) is another one
    reload: () => { account = null; showName(); return load(); },
  };
})();
