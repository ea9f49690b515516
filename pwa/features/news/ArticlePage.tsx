export default function ArticlePage() { return <p>stub</p>; }
