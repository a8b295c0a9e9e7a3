/**
 * A compact set of Unicode emoji bundled with the app (no network, no images): the faces,
 * hands and symbols people use most in chat, grouped for the panel.
 */
export interface EmojiGroup {
  key: 'smileys' | 'people' | 'nature' | 'things';
  emoji: readonly string[];
}

const list = (s: string): readonly string[] => s.trim().split(/\s+/);

export const emojiGroups: readonly EmojiGroup[] = [
  {
    key: 'smileys',
    emoji: list(`
      😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😗 😚 😙 😋 😛 😜 🤪 😝 🤑 🤗 🤭 🤫 🤔
      🤐 🤨 😐 😑 😶 😏 😒 🙄 😬 😌 😔 😪 🤤 😴 😷 🤒 🤕 🤢 🤮 🥵 🥶 🥴 😵 🤯 🤠 🥳 😎 🤓 🧐 😕
      😟 🙁 😮 😯 😲 😳 🥺 😦 😧 😨 😰 😥 😢 😭 😱 😖 😣 😞 😓 😩 😫 🥱 😤 😡 😠 🤬 😈 💀 💩 🤡
    `),
  },
  {
    key: 'people',
    emoji: list(`
      👋 🤚 ✋ 🖖 👌 🤏 ✌️ 🤞 🤟 🤘 🤙 👈 👉 👆 👇 ☝️ 👍 👎 ✊ 👊 🤛 🤜 👏 🙌 👐 🤲 🤝 🙏 💪 🙇
      🙋 🤷 🤦 🙆 🙅 💁 👀 🧠 👶 👦 👧 👨 👩 👴 👵 👮 👷 💂 🕵️ 👩‍💻 👨‍💻 🧑‍🏫 🏃 💃 🕺
    `),
  },
  {
    key: 'nature',
    emoji: list(`
      🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮 🐷 🐸 🐵 🐔 🐧 🐦 🐤 🦆 🦉 🐺 🐴 🦄 🐝 🦋 🐌 🐞 🐢 🐍
      🌸 🌹 🌺 🌻 🌼 🌷 🌱 🌲 🌳 🌴 🍀 🍁 🍂 🌈 ☀️ 🌤️ ⛅ 🌧️ ⛈️ ❄️ ☃️ 🔥 💧 🌊 🌙 ⭐ 🌟 ✨ ⚡ 🌍
    `),
  },
  {
    key: 'things',
    emoji: list(`
      🍎 🍊 🍋 🍉 🍇 🍓 🍒 🍑 🍍 🥝 🍅 🥑 🍞 🧀 🍔 🍟 🍕 🌭 🍜 🍣 🍱 🥟 🍚 🍰 🎂 🍩 🍪 🍫 🍬 ☕
      🍵 🍺 🍻 🥂 🍷 🧋 ⚽ 🏀 🏈 ⚾ 🎾 🏐 🏓 🏸 🎮 🎲 🎯 🎵 🎶 🎤 🎧 🎁 🎈 🎉 🎊 🏆 🥇 🏅 📱 💻
      ⌚ 📷 💡 📚 ✏️ 📌 📎 ✂️ 🔒 🔑 💰 💳 ✉️ 📦 🚗 🚕 🚌 🚄 ✈️ 🚀 🏠 🏢 ⏰ ⌛ ❤️ 🧡 💛 💚 💙 💜
      🖤 🤍 💔 💯 ✅ ❌ ❓ ❗ ⭕ 🆗 🆒 🆕 🔴 🟢 🔵 ➕ ➖ ✔️ ☑️ 💤
    `),
  },
];
