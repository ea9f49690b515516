export default function NewsListPage() { return <p>stub</p>; }
