// Scaffold: replaced by the screen itself.
export function SettingsPage() {
  return null;
}
