// Scaffold: replaced by the screen itself.
export function GlossaryPage() {
  return null;
}
