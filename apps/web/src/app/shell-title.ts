/**
 * index.html's <title> names the tab until the first page renders its own, which React adds in
 * front of it (a page drawn in the browser had none while its code loaded); then it goes, so the
 * document keeps one title. A prerendered page has only its own (scripts/prerender.mjs).
 */
export function retireShellTitle(head: HTMLHeadElement) {
  const shell = head.querySelector("title");
  if (!shell) return;
  const observer = new MutationObserver(() => {
    if (head.querySelectorAll("title").length < 2) return;
    shell.remove();
    observer.disconnect();
  });
  observer.observe(head, { childList: true });
}
