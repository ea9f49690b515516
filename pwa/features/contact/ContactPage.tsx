export default function ContactPage() { return <p>stub</p>; }
