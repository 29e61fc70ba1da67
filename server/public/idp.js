// The development identity provider's popup: hands the chosen account's signed token to the
// page that opened it (only to the site's own origin), then closes.
(function () {
  const origin = document.body.dataset.origin;
  const provider = document.body.dataset.provider;
  const status = document.getElementById('status');
  document.querySelectorAll('button[data-token]').forEach((button) => {
    button.addEventListener('click', () => {
      if (!window.opener) {
        status.textContent = 'Open this page from the sign-in button of the site.';
        return;
      }
      window.opener.postMessage(
        {
          type: 'nimbus:identity',
          provider,
          token: button.dataset.token,
          username: button.dataset.username,
          account: button.dataset.account,
        },
        origin,
      );
      window.close();
    });
    // Enabled only now: a tap before this script ran would have done nothing.
    button.disabled = false;
  });
})();
