// Scaffold: replaced by the screen itself.
export function LanguagesPage() {
  return null;
}
