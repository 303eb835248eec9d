// Scaffold: replaced by the screen itself.
export function MembersPage() {
  return null;
}
