/** Makes the test's page carry `text` in a JSON script element `id`, as the server writes it. */
export function carryJsonInPage(id: string, text: string): void {
  document.body.innerHTML = `<script type="application/json" id="${id}">${text}</script>`;
}
