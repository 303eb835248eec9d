// Scaffold: replaced by the screen itself.
export function ContentPage() {
  return null;
}
