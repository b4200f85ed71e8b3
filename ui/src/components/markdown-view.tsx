//! Renders a page body's Markdown (lib/markdown.ts) as elements and text nodes — never as HTML, so
//! nothing in a body can run. Site links navigate inside the app; others open in a new tab.
import type { ComponentChildren } from 'preact';
import { Link } from 'wouter';
import { parseMarkdown, type Block, type Inline } from '../lib/markdown';
import './markdown-view.css';

function inline(nodes: Inline[]): ComponentChildren {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'br':
        return <br key={index} />;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'strong':
        return <strong key={index}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{inline(node.children)}</em>;
      case 'link':
        return node.href.startsWith('/') ? (
          <Link key={index} href={node.href}>
            {inline(node.children)}
          </Link>
        ) : (
          <a key={index} href={node.href} {...(node.href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {inline(node.children)}
          </a>
        );
    }
  });
}

function block(node: Block, index: number): ComponentChildren {
  switch (node.type) {
    case 'heading': {
      const Tag = `h${node.level}` as 'h2' | 'h3' | 'h4';
      return <Tag key={index}>{inline(node.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={index}>{inline(node.children)}</p>;
    case 'quote':
      return <blockquote key={index}>{node.blocks.map(block)}</blockquote>;
    case 'code':
      return (
        <pre key={index}>
          <code>{node.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={index} />;
    case 'list': {
      const items = node.items.map((item, n) => <li key={n}>{inline(item)}</li>);
      return node.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
  }
}

export function MarkdownView({ source, class: className }: { source: string; class?: string }) {
  return <div class={`markdown${className ? ` ${className}` : ''}`}>{parseMarkdown(source).map(block)}</div>;
}

export default MarkdownView;
