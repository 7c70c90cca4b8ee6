/** The terminated look (docs/spec.md §2): set while /terminated shows, cleared when /login finds the service active. */
export function setTerminatedStyling(isTerminated: boolean): void {
  document.documentElement.classList.toggle('is-terminated', isTerminated);
}
