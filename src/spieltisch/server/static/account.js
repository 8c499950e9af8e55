// The account page: sign in or create an account; once signed in, change the password,
// sign out or delete the account (server/api_accounts.py).
"use strict";
(function () {
  const _ = window.spieltischText._;
  const $ = (id) => document.getElementById(id);

  function translate() {
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = _(el.dataset.t); });
  }

  async function show() {
    const body = await window.spieltischSession.account();
    const signedIn = Boolean(body.account);
    $("signed-out").hidden = signedIn;
    $("signed-in").hidden = !signedIn;
    if (signedIn) $("who").textContent = body.account.name;
  }

  async function post(path, data, errorEl) {
    errorEl.textContent = "";
    const r = await fetch(path, {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify(data),
    });
    const answer = await r.json().catch(() => ({}));
    if (!r.ok) {
      errorEl.textContent = answer.error || (_("The server refused:") + " " + r.status);
      return null;
    }
    return answer;
  }

  function form(id, handler) {
    $(id).addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = $(id).querySelector("button[type=submit]");
      button.disabled = true;
      try { await handler(new FormData($(id))); } finally { button.disabled = false; }
    });
  }

  form("signin-form", async (data) => {
    const done = await post("/api/account/signin",
      {name: data.get("name"), password: data.get("password")}, $("signin-error"));
    if (done) { await window.spieltischSession.reload(); location.assign(next()); }
  });

  form("signup-form", async (data) => {
    if (data.get("password") !== data.get("repeat")) {
      $("signup-error").textContent = _("The two passwords differ.");
      return;
    }
    const done = await post("/api/account/signup",
      {name: data.get("name"), password: data.get("password")}, $("signup-error"));
    if (done) { await window.spieltischSession.reload(); location.assign(next()); }
  });

  form("password-form", async (data) => {
    const done = await post("/api/account/password",
      {current: data.get("current"), new: data.get("new")}, $("password-error"));
    if (done) {
      await window.spieltischSession.reload();
      $("password-form").reset();
      $("password-error").textContent = _("Password changed. Other browsers are signed out.");
    }
  });

  form("delete-form", async (data) => {
    const done = await post("/api/account/delete", {password: data.get("password")},
      $("delete-error"));
    if (done) { await window.spieltischSession.reload(); location.assign("/"); }
  });

  $("signout").addEventListener("click", async () => {
    await post("/api/account/signout", {}, $("password-error"));
    await window.spieltischSession.reload();
    show();
  });

  // where to go after signing in: a page of this site named in ?next=, else the lobby
  function next() {
    const target = new URLSearchParams(location.search).get("next") || "/";
    return target.startsWith("/") && !target.startsWith("//") ? target : "/";
  }

  document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => {
    window.spieltischText.lang = b.dataset.lang;
    localStorage.setItem("spieltisch-lang", b.dataset.lang);
    translate();
  }));
  translate();
  show();
})();
