// Placeholder (being written).
export default function Docs() {
  return <h1>API</h1>;
}
